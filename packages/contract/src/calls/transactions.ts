import { z } from 'zod';
import { defineCall } from '../call';
import {
  Envelope,
  FILTER_MAX_DAYS,
  FilterDate,
  ListTotal,
  listParams,
  rangeWithin,
  Text,
  Timestamp,
  TotalIsLowerBound,
} from '../common';

export const TRANSACTION_TYPES = ['debit', 'credit'] as const;

export const TRANSACTION_TEXTS = {
  keywordPlaceholder: 'Search by customer or campaign',
} as const;

export const TransactionRow = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  username: z.string(),
  customer_name: z.string(),
  campaign_id: z.number().int().nullable(),
  campaign_name: z.string().nullable(),
  amount: z.number(),
  transaction_type: z.enum(TRANSACTION_TYPES),
  stripe_transaction_id: z.string().nullable().describe("The card payment provider's transaction id"),
  created_at: Timestamp,
});
export type TransactionRow = z.infer<typeof TransactionRow>;

export const TRANSACTION_LIST_ORDER = ['created_at', 'amount', 'transaction_type', 'id'] as const;

export const TransactionHistoryRequest = listParams(TRANSACTION_LIST_ORDER, {
  order_by: 'created_at',
  direction: 'desc',
})
  .extend({
    keyword: Text().trim().max(200).optional().describe('Customer name/username or campaign name contains'),
    transaction_type: z.union([z.enum(TRANSACTION_TYPES), z.literal('')]).optional(),
    start_date: FilterDate.optional(),
    end_date: FilterDate.optional(),
  })
  .superRefine(rangeWithin(FILTER_MAX_DAYS));

export const transactionsCalls = {
  transactionHistory: defineCall({
    method: 'GET',
    path: 'transaction-history',
    permission: 'transaction_history',
    summary: 'Payments and charges of customers, filtered by keyword, type and date range',
    request: TransactionHistoryRequest,
    response: Envelope.extend({
      data: z.array(TransactionRow),
      total: ListTotal,
      total_is_lower_bound: TotalIsLowerBound,
    }),
  }),
};
