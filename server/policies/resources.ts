/**
 * What policies decide about: each resource carries the facts its rules need (its
 * department, owner, status, members), loaded by the route before asking. `Actions`
 * ties every action to the one resource type it is asked about, so a route cannot ask
 * about the wrong thing, and a resource cannot leave out its department.
 */
import type { Membership } from "../../common/domain/roles.ts";

/** Something of the whole installation rather than of a department (the demo tools). */
export interface AppResource {
  type: "app";
}

export interface DepartmentResource {
  type: "department";
  id: string;
}

export type ThreadKind = "department" | "shift" | "direct" | "channel";

export interface ThreadResource {
  type: "thread";
  id: string;
  deptId: string;
  kind: ThreadKind;
  /** channels: listed to the department; other kinds: false */
  isPublic: boolean;
  /** direct: the two people; channel: its members; shift: who gets unread badges */
  memberIds: readonly string[];
}

export interface MessageResource {
  type: "message";
  id: string;
  authorId: string;
  deleted: boolean;
  thread: ThreadResource;
}

/** A message with whom it reached (issue 26): its acknowledgements and reach list. */
export interface ReachedMessageResource {
  type: "reachedMessage";
  id: string;
  deptId: string;
  authorId: string;
  deleted: boolean;
  thread: ThreadResource;
  urgent: boolean;
  /** the people it reached at send time */
  recipientIds: readonly string[];
}

export interface AttachmentResource {
  type: "attachment";
  id: string;
  thread: ThreadResource;
  uploadedBy: string | null;
  /**
   * The message it was sent with; null while it waits to be sent. `undoable`: deleted and
   * still within the undo window (the loader knows the clock; policies do not).
   */
  message: { authorId: string | null; deleted: boolean; undoable: boolean } | null;
}

export type ShiftStatus = "draft" | "open" | "assigned" | "closed";

export interface ShiftResource {
  type: "shift";
  id: string;
  deptId: string;
  status: ShiftStatus;
  /** extra shifts are assigned by a run; roster shifts come from the roster or a swap */
  kind: "extra" | "roster";
  /** its start has passed (the loader knows the clock; policies do not) */
  started: boolean;
  /** the candidates of its allocation run (an outcome is theirs to see) */
  candidateIds: readonly string[];
}

export interface SwapOfferResource {
  type: "swapOffer";
  id: string;
  deptId: string;
  ownerId: string;
  visibility: "private" | "dept";
  status: "open" | "matched" | "cancelled";
  /** a deal on it waits for a leader: its leaders then see it, even private */
  awaitingLeader: boolean;
}

export type SwapDealStatus = "waiting_owner" | "waiting_leader" | "approved" | "rejected" | "withdrawn";

export interface SwapDealResource {
  type: "swapDeal";
  id: string;
  deptId: string;
  /** the offer's owner, who answers first */
  ownerId: string;
  /** who proposed or claimed */
  proposerId: string;
  status: SwapDealStatus;
}

export interface DutyRoleResource {
  type: "dutyRole";
  id: string;
  deptId: string;
  /** who holds it in the block under way (null: nobody) */
  holderId: string | null;
  /** everyone on the block under way: a shift of theirs covers now, or they hold a role now */
  onBlock: readonly string[];
}

/** A department's competence ('Anestesisykepleier', issue 28). */
export interface CompetenceResource {
  type: "competence";
  id: string;
  deptId: string;
}

/**
 * A broadcast ('Send varsel til alle') and who sent it; its department is the sender's
 * when it was sent (null once that department is gone).
 */
export interface BroadcastResource {
  type: "broadcast";
  id: string;
  deptId: string | null;
  senderId: string | null;
}

export interface UserResource {
  type: "user";
  id: string;
  memberships: readonly Membership[];
}

export interface Actions {
  // push notifications: the person the devices belong to (a device: its owner)
  "push.read": UserResource;
  "push.subscribe": UserResource;
  "push.remove": UserResource;
  "push.preference": UserResource;
  // departments
  "department.list": AppResource;
  "department.join": DepartmentResource;
  "department.switch": DepartmentResource;
  "department.read": DepartmentResource;
  "admin.view": DepartmentResource;
  "broadcast.send": DepartmentResource;
  // demo tools
  "dev.use": AppResource;
  // the realtime connection
  "realtime.connect": AppResource;
  // presence
  "presence.heartbeat": AppResource;
  // chat
  "chat.use": DepartmentResource;
  "chat.privacyChoice": DepartmentResource;
  "thread.read": ThreadResource;
  "thread.write": ThreadResource;
  "thread.join": ThreadResource;
  "thread.addMembers": ThreadResource;
  "channel.create": DepartmentResource;
  "message.edit": MessageResource;
  "message.delete": MessageResource;
  "message.restore": MessageResource;
  "message.react": MessageResource;
  "attachment.read": AttachmentResource;
  // search (issue 29): the person who searches
  "search.use": UserResource;
  // urgent messages and mentions (issue 26)
  "message.acknowledge": ReachedMessageResource;
  "message.viewReach": ReachedMessageResource;
  "urgent.overview": DepartmentResource;
  // extra shifts
  "shift.list": DepartmentResource;
  "shift.listDrafts": DepartmentResource;
  "shift.fairness": DepartmentResource;
  "shift.fairnessMine": DepartmentResource;
  "shift.read": ShiftResource;
  "shift.create": DepartmentResource;
  "shift.manage": ShiftResource;
  "shift.participate": ShiftResource;
  "shift.edit": ShiftResource;
  "shift.publish": ShiftResource;
  "shift.delete": ShiftResource;
  "shift.close": ShiftResource;
  "shift.assign": ShiftResource;
  "shift.interest": ShiftResource;
  "shift.viewOutcome": ShiftResource;
  "shift.calendar": UserResource;
  // swaps
  "swapOffer.list": DepartmentResource;
  "swapOffer.read": SwapOfferResource;
  "swapOffer.create": DepartmentResource;
  "swapOffer.edit": SwapOfferResource;
  "swapOffer.cancel": SwapOfferResource;
  "swapOffer.propose": SwapOfferResource;
  "swapDeal.read": SwapDealResource;
  "swapDeal.answer": SwapDealResource;
  "swapDeal.withdraw": SwapDealResource;
  "swapDeal.approve": SwapDealResource;
  "swapDeal.listApproval": DepartmentResource;
  "swap.automatch": DepartmentResource;
  // users
  "user.list": DepartmentResource;
  "user.create": DepartmentResource;
  "user.preview": DepartmentResource;
  "user.read": UserResource;
  "user.edit": UserResource;
  "user.deactivate": UserResource;
  "user.delete": UserResource;
  "audit.list": AppResource;
  // the access log ('Tilgangslogg', issue 30): one's own rows, and the whole log
  "accessLog.own": UserResource;
  "accessLog.list": AppResource;
  "department.create": AppResource;
  "department.rename": DepartmentResource;
  // avatars and 'Min Profil'
  "user.avatar": UserResource;
  "avatar.read": UserResource;
  "profile.edit": UserResource;
  "profile.export": UserResource;
  "profile.alerts": UserResource;
  "user.createDemo": AppResource;
  "auth.breakGlass": AppResource;
  // notifications: the resource is the recipient
  "notification.list": UserResource;
  "notification.markRead": UserResource;
  "notification.subscribe": UserResource;
  "notification.broadcast": AppResource;
  // duty roles ('Vaktroller')
  "duty.read": DepartmentResource;
  "duty.grid": DepartmentResource;
  "dutyRole.create": DepartmentResource;
  "dutyRole.read": DutyRoleResource;
  "dutyRole.rename": DutyRoleResource;
  "dutyRole.delete": DutyRoleResource;
  "dutyRole.assign": DutyRoleResource;
  "dutyRole.take": DutyRoleResource;
  "dutyRole.handOver": DutyRoleResource;
  // working time and competence (issue 28)
  "work.department": DepartmentResource;
  "workRules.read": DepartmentResource;
  "workRules.edit": DepartmentResource;
  "competence.list": DepartmentResource;
  "competence.create": DepartmentResource;
  "competence.read": CompetenceResource;
  "competence.rename": CompetenceResource;
  "competence.delete": CompetenceResource;
  "staffWork.read": DepartmentResource;
  "staffWork.edit": DepartmentResource;
  // retention ('Oppbevaring', issue 30); `purge` names the daily job's audit rows only
  "retention.read": DepartmentResource;
  "retention.edit": DepartmentResource;
  "retention.purge": DepartmentResource;
  "broadcast.list": AppResource;
  "broadcast.readers": BroadcastResource;
}
