/** The swap screens, as the route table loads them. */
export { SwapsAdminPage } from "./admin/SwapsAdminPage.tsx";
export { SwapsPage } from "./list/SwapsPage.tsx";
