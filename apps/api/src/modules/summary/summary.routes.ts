import { Hono } from 'hono';
import type { SummaryService } from './summary.service';

export const summaryRoutes = (summary: SummaryService) =>
  new Hono().get('/', async (c) => c.json(await summary.list()));
