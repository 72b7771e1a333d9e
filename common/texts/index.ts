export { type ErrorCode, errorMessage, errorMessages } from "./errors.ts";
