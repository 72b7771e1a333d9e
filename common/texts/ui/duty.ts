/**
 * Duty roles ('Vaktroller', issue 26): the leaders' page under Administrasjon, the
 * holders in 'Pågående vakt' and in the 'Informasjon' rail. The issue's own words
 * ('Vaktroller', 'Ny vaktrolle', 'Ta rollen', 'Overlever til', 'Ingen har rollen nå') are
 * copied exactly; the rest follow their tone.
 */
import { dutyLimits } from "../../base/limits.ts";

export const dutyTexts = {
  duty: {
    nav: "Vaktroller",
    title: "Vaktroller",
    subtitle: `Hvem som har hvilken rolle på hver vakt, i dag og de neste ${dutyLimits.gridDaysAhead} dagene.`,
    loading: "Laster...",
    failed: "Kunne ikke laste vaktrollene",
    retry: "Prøv igjen",

    // The role list.
    rolesTitle: "Roller",
    newRole: "Ny vaktrolle",
    roleName: "Navn på vaktrollen",
    roleNamePlaceholder: "F.eks. Ansvarshavende sykepleier",
    roleNameHint: `Høyst ${dutyLimits.roleNameMaxLength} tegn.`,
    create: "Opprett",
    creating: "Oppretter...",
    created: (name: string) => `Vaktrollen ${name} er opprettet.`,
    createFailed: "Kunne ikke opprette vaktrollen",
    rename: "Gi nytt navn",
    renameLabel: (name: string) => `Gi nytt navn til ${name}`,
    save: "Lagre",
    saving: "Lagrer...",
    cancel: "Avbryt",
    renamed: "Vaktrollen har fått nytt navn.",
    renameFailed: "Kunne ikke gi vaktrollen nytt navn",
    delete: "Slett",
    deleteLabel: (name: string) => `Slett ${name}`,
    deleteTitle: (name: string) => `Slette ${name}?`,
    deleteBody: "Rollen fjernes, med alle som er satt opp med den. Dette kan ikke angres.",
    deleted: "Vaktrollen er slettet.",
    deleteFailed: "Kunne ikke slette vaktrollen",
    empty: "Ingen vaktroller ennå",
    emptyBody:
      "Opprett en vaktrolle, for eksempel Ansvarshavende sykepleier, og sett opp hvem som har den på hver vakt.",

    // The grid.
    gridTitle: "Oversikt",
    gridLabel: "Vaktroller per vakt",
    nobody: "Ingen",
    /** a cell's select: 'Koordinator, Kveldsvakt tor. 26.11' */
    cellLabel: (role: string, block: string, day: string) => `${role}, ${block} ${day}`,
    assigned: (name: string, role: string) => `${name} har ${role}.`,
    cleared: (role: string) => `Ingen har ${role} på den vakten nå.`,
    assignFailed: "Kunne ikke sette vaktrollen",
    dayPicker: "Dag",
    today: "I dag",
    ongoing: "Pågår",
    past: "Over",
    inactiveHolder: (name: string) => `${name} (ikke aktiv)`,

    // Who holds what now ('Pågående vakt', the rail).
    holdersTitle: "Vaktroller nå",
    noHolder: "Ingen har rollen nå",
    take: "Ta rollen",
    takeLabel: (role: string) => `Ta rollen ${role}`,
    taken: (role: string) => `Du har nå rollen ${role}.`,
    takeFailed: "Kunne ikke ta rollen",
    handOver: "Overlever til …",
    handOverLabel: (role: string) => `Overlever ${role} til …`,
    handOverTo: "Overlever til",
    handedOver: (role: string, name: string) => `${name} har nå rollen ${role}.`,
    handOverFailed: "Kunne ikke overlevere rollen",
    noColleagues: "Ingen andre aktive i avdelingen",
    you: "Deg",
    noRoles: "Avdelingen har ingen vaktroller.",
    manage: "Administrer vaktroller",
    holdersFailed: "Kunne ikke laste hvem som har vaktrollene",
    // The retry's name says what it retries: a page may show another list's 'Prøv igjen'.
    holdersRetry: "Prøv igjen å laste vaktrollene",
  },
} as const;
