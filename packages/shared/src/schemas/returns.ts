import { z } from 'zod';
import { CART_LINES_MAX } from '../constants';
import { noControlCharacters } from './text';

/**
 * Returns (issue 36; docs/product.md, Returns): the buyer asks, within the return window after
 * delivery, to send some lines back with a reason; an admin authorises or refuses, marks the
 * parts received (each resaleable or not), then refunds them less the reason's restocking fee.
 */
export const RETURN_REASONS = [
  'does_not_fit',
  'faulty',
  'damaged_in_transit',
  'changed_mind',
] as const;
export type ReturnReason = (typeof RETURN_REASONS)[number];

/** How each reason reads on the screens, in the emails and in the order's history. */
export const returnReasonLabels: Record<ReturnReason, string> = {
  does_not_fit: 'Does not fit',
  faulty: 'Faulty',
  damaged_in_transit: 'Damaged in transit',
  changed_mind: 'Changed my mind',
};

export const RETURN_STATUSES = [
  'requested',
  'authorised',
  'refused',
  'received',
  'refunded',
] as const;
export type ReturnStatus = (typeof RETURN_STATUSES)[number];

export const RETURN_COMMENT_MAX = 500;
export const RETURN_MESSAGE_MAX = 500;
/** The longest return window a shop may set, in days. */
export const RETURN_WINDOW_MAX_DAYS = 365;

/** `POST /api/purchase/{id}/returns` (the buyer): which lines go back, and why. */
export const ReturnRequestInputSchema = z
  .object({
    lines: z
      .array(z.uuid('Choose the parts to return'))
      .min(1, 'Choose at least one part to return')
      .max(CART_LINES_MAX, `At most ${CART_LINES_MAX} parts`)
      .refine((ids) => new Set(ids).size === ids.length, 'Each part can be chosen once'),
    reason: z.enum(RETURN_REASONS, { error: 'Choose why the parts go back' }),
    comment: z
      .string({ error: 'Comment must be text' })
      .check(noControlCharacters('Comment', 'multi-line'))
      .trim()
      .max(RETURN_COMMENT_MAX, `Comment must have at most ${RETURN_COMMENT_MAX} characters`)
      .optional(),
  })
  .strict();
export type ReturnRequestInput = z.infer<typeof ReturnRequestInputSchema>;

/** `POST /api/returns/{id}/authorise` and `/refuse` (admins): the message the buyer receives. */
export const ReturnDecisionSchema = z
  .object({
    message: z
      .string({ error: 'Message must be text' })
      .check(noControlCharacters('Message', 'multi-line'))
      .trim()
      .max(RETURN_MESSAGE_MAX, `Message must have at most ${RETURN_MESSAGE_MAX} characters`),
  })
  .strict();
export type ReturnDecision = z.infer<typeof ReturnDecisionSchema>;

/** `POST /api/returns/{id}/receive` (admins): each returned part, and whether it can be sold again. */
export const ReturnReceiptSchema = z
  .object({
    lines: z
      .array(
        z
          .object({
            toolId: z.uuid('Choose a part of this return'),
            resaleable: z.boolean({ error: 'Say whether the part can be sold again' }),
          })
          .strict(),
      )
      .min(1, 'Say for each part whether it can be sold again')
      .max(CART_LINES_MAX, `At most ${CART_LINES_MAX} parts`),
  })
  .strict();
export type ReturnReceipt = z.infer<typeof ReturnReceiptSchema>;

/** A return as its buyer and the admins see it. */
export const ReturnRequestSchema = z
  .object({
    _id: z.string(),
    orderId: z.string(),
    /** The order's number (issue 49), as `formatOrderNumber` writes it out. */
    orderNumber: z.number().int().positive(),
    status: z.enum(RETURN_STATUSES),
    reason: z.enum(RETURN_REASONS),
    comment: z.string().nullable(),
    /** The admin's message when authorising or refusing. */
    message: z.string().nullable(),
    lines: z.array(
      z.object({
        toolId: z.string(),
        tool: z.string(),
        quantity: z.number().int(),
        /** Whether it can be sold again: null until the parts are received. */
        resaleable: z.boolean().nullable(),
      }),
    ),
    /** The restocking fee in percent of the lines' goods, fixed when the return is asked. */
    feePercent: z.number(),
    /** What the refund gives back and the fee it keeps, once refunded. */
    refund: z.object({ amount: z.number(), fee: z.number() }).nullable(),
    buyerName: z.string(),
    buyerEmail: z.string(),
    requestedAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'ReturnRequest' });
export type ReturnRequest = z.infer<typeof ReturnRequestSchema>;

/** The shop's rules for returns: the window after delivery, and each reason's restocking fee. */
export const ReturnSettingsSchema = z
  .object({
    windowDays: z
      .number({ error: 'Return window must be a whole number of days' })
      .int('Return window must be a whole number of days')
      .min(0, 'Return window cannot be negative')
      .max(RETURN_WINDOW_MAX_DAYS, `Return window must be at most ${RETURN_WINDOW_MAX_DAYS} days`),
    restockingFees: z
      .object(
        Object.fromEntries(
          RETURN_REASONS.map((reason) => [
            reason,
            z
              .number({ error: 'Restocking fee must be a number' })
              .min(0, 'Restocking fee cannot be negative')
              .max(100, 'Restocking fee must be at most 100 %')
              .multipleOf(0.01, 'Restocking fee has at most two decimals'),
          ]),
        ) as Record<ReturnReason, z.ZodNumber>,
      )
      .strict(),
  })
  .strict()
  .meta({ id: 'ReturnSettings' });
export type ReturnSettings = z.infer<typeof ReturnSettingsSchema>;

/** The statuses of a return the shop still has to act on: decide, receive, refund. */
export const RETURN_OPEN_STATUSES = ['requested', 'authorised', 'received'] as const;

/**
 * `GET /api/returns` (admins): the returns in one status, those still to act on (`open`: the
 * Returns screen's default), or all of them.
 */
export const RETURN_LIST_FILTERS = ['open', ...RETURN_STATUSES] as const;
export type ReturnListFilter = (typeof RETURN_LIST_FILTERS)[number];
export const ReturnListQuerySchema = z
  .object({ status: z.enum(RETURN_LIST_FILTERS, { error: 'Choose a return status' }).optional() })
  .strict();
