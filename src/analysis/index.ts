export { getModel, type FileModel } from "./model.js";
export type { ErrorSite, ErrorSiteKind } from "./error-sites.js";
export type { CodeTable, CodeTableMember } from "./code-tables.js";
export { codeLeaves, isBareNumber } from "./code-leaves.js";
