/** The extra-shift screens, as the route table loads them. */
export { ShiftsAdminPage } from "./admin/ShiftsAdminPage.tsx";
export { ShiftsPage } from "./list/ShiftsPage.tsx";
