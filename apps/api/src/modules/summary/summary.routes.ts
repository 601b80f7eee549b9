import { SummaryItemSchema } from '@shop/shared';
import { z } from 'zod';
import { defineRoute, json, routesOf } from '../../lib/openapi';
import type { SummaryService } from './summary.service';

const listSummary = defineRoute({
  method: 'get',
  path: '/',
  tags: ['Summary'],
  summary: 'The figures of the "Our Business" section',
  responses: { 200: json(z.array(SummaryItemSchema), 'The figures') },
});

export const summaryRoutes = (summary: SummaryService) =>
  routesOf().openapi(listSummary, async (c) => c.json(await summary.list(), 200));
