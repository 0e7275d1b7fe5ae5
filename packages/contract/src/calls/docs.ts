// The docs area has no /api/v2 calls: its OpenAPI documents are served under /api-docs/ (see
// server/src/modules/docs and docs/api-docs.md).
export const docsCalls = {};

/** API documents the pages show, and where an operator places them: $DATA_DIR/api-docs/{name}/{version}.json */
export const API_DOC_NAMES = ['admin', 'mobile', 'search'] as const;
export type ApiDocName = (typeof API_DOC_NAMES)[number];
export const API_DOC_VERSIONS = ['1.0.0', '2.0.0'] as const;
/** The admin API's current version: its document is generated from this contract. */
export const ADMIN_API_VERSION = '2.0.0';
