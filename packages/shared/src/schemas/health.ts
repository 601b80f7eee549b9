import { z } from 'zod';

/** `GET /api/health`: the process answers. */
export const HealthSchema = z.object({ status: z.literal('ok') });
/**
 * `GET /api/ready`: and its database does too. With PostgreSQL, whether this process hears the
 * caches' announcements ('not heard': it serves without those caches; docs/operations.md).
 */
export const ReadySchema = z.object({
  status: z.literal('ready'),
  announcements: z.enum(['heard', 'not heard']).optional(),
});
