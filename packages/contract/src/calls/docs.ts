import { z } from 'zod';
import { defineCall } from '../call';
import { Envelope } from '../common';

/** API documents the pages show, and where an operator places them: $DATA_DIR/api-docs/{name}/{version}.json */
export const API_DOC_NAMES = ['admin', 'mobile', 'search'] as const;
export type ApiDocName = (typeof API_DOC_NAMES)[number];
export const API_DOC_VERSIONS = ['1.0.0', '2.0.0'] as const;
/** The admin API's current version: its document is generated from this contract. */
export const ADMIN_API_VERSION = '2.0.0';

// The documents themselves are served under /api-docs/ (see server/src/modules/docs and
// docs/api-docs.md); the call below tells the pages which versions exist.
export const docsCalls = {
  apiDocVersions: defineCall({
    method: 'GET',
    path: 'api-doc-versions',
    permission: 'api_documentation',
    summary: 'The versions of one API document that exist, newest first',
    request: z.object({
      name: z.enum(API_DOC_NAMES, { error: `name must be one of ${API_DOC_NAMES.join(', ')}` }),
    }),
    response: Envelope.extend({ data: z.array(z.string()).describe('Versions like 2.0.0, newest first') }),
  }),
};
