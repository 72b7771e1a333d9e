/**
 * The unread count on the installed app's icon (the Badging API; Chrome and Edge on the
 * desktop, Safari on iOS when installed). Elsewhere nothing happens. A badge the browser
 * refuses (not installed, no permission) is no error of ours.
 */
export function showAppBadge(count: number): void {
  if (!("setAppBadge" in navigator)) return;
  const done = count > 0 ? navigator.setAppBadge(count) : navigator.clearAppBadge();
  done.catch(() => {});
}
