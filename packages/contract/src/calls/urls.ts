import { z } from 'zod';
import { defineCall } from '../call';
import {
  Envelope,
  FILTER_MAX_DAYS,
  FilterDate,
  Int,
  ListTotal,
  listParams,
  Page,
  rangeWithin,
  Text,
  Timestamp,
  TotalIsLowerBound,
} from '../common';

export const FailedUrlRow = z.object({
  id: z.number().int(),
  post: z
    .object({
      id: z.number().int().nullable(),
      user: z
        .object({ id: z.number().int(), username: z.string(), avatar: z.string().nullable() })
        .nullable(),
    })
    .describe('The post the link belongs to and the user who shared it'),
  url: z.string(),
  device_type: z.string().nullable(),
  device_os: z.string().nullable(),
  failed_in_curl: z.number().int().describe('1 when the app could not read the link'),
  scrap_by_script: z.number().int().describe('1 when the enrichment service attempted it'),
  failed_in_enrichment: z.number().int().describe('1 when the enrichment service failed too'),
  created_at: Timestamp,
  resolved_at: Timestamp.nullable(),
  last_retried_at: Timestamp.nullable(),
});
export type FailedUrlRow = z.infer<typeof FailedUrlRow>;

export const FailedUrlFrequencyRow = z.object({
  failed_host: z.string(),
  total_metas: z.number().int().describe('Failed links of every host in the range'),
  host_search_count: z.number().int().describe('Failed links of this host in the range'),
  frequency: z.number().describe('host_search_count / total_metas, in percent (two decimals)'),
});

export const urlsCalls = {
  failedUrls: defineCall({
    method: 'GET',
    path: 'failed-urls',
    permission: 'failed_urls',
    summary: 'Links that failed to load, all or only those that failed in the enrichment service',
    request: listParams(['created_at', 'resolved_at', 'last_retried_at', 'id'], {
      order_by: 'created_at',
      direction: 'desc',
    }).extend({
      failedType: z
        .enum(['all', 'enrichment'])
        .default('all')
        .describe("'enrichment' = Failed In Enrichment Service"),
    }),
    response: Envelope.extend({
      data: z.array(FailedUrlRow),
      totalCount: ListTotal,
      total_is_lower_bound: TotalIsLowerBound,
    }),
  }),
  failedUrlsFrequency: defineCall({
    method: 'GET',
    path: 'failed-urls-frequency',
    permission: 'failed_urls',
    summary: 'Hosts of failed links in a date range, most frequent first, searched by domain',
    request: z
      .object({
        start_date: FilterDate.optional(),
        end_date: FilterDate.optional(),
        keyword: Text().trim().max(200).optional().describe('Part of the host name'),
        page: Page,
        page_limit: Int(1, 100).default(10),
      })
      .superRefine(rangeWithin(FILTER_MAX_DAYS)),
    response: Envelope.extend({ data: z.array(FailedUrlFrequencyRow), totalCount: z.number().int() }),
  }),
};
