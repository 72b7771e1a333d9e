import { Bell } from "../../features/notifications/Bell.tsx";

/** Where the notification bell lives in the top bar and in the mobile header. */
export function NotificationBellSlot() {
  return <Bell />;
}
