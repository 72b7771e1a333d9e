export { type ErrorCode, errorMessage, errorMessages } from "./errors.ts";
export { type UiTexts, ui } from "./ui.ts";
