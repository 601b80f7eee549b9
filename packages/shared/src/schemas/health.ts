import { z } from 'zod';

/** `GET /api/health`: the process answers. */
export const HealthSchema = z.object({ status: z.literal('ok') });
/** `GET /api/ready`: and its database does too. */
export const ReadySchema = z.object({ status: z.literal('ready') });
