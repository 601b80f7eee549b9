import { type OutboxEmail, messages } from '@shop/shared';
import { type DataColumn, DataTable } from '../../../components/ui/data-table';
import { EmptyState } from '../../../components/ui/empty-state';
import { QueryState } from '../../../components/ui/query-state';
import { ApiError } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { useOutbox } from '../api/get-outbox';

const words = messages.emails;

const columns: DataColumn<OutboxEmail>[] = [
  {
    header: words.columns.subject,
    rowHeader: true,
    className: 'font-normal',
    cell: (email) => email.subject,
  },
  { header: words.columns.to, cell: (email) => <span className="break-all">{email.to}</span> },
  { header: words.columns.date, cell: (email) => formatDateTime(email.date) },
  {
    header: words.columns.links,
    cell: (email) => (
      <ul className="space-y-1">
        {email.links.map((link) => (
          <li key={link}>
            <a href={link} className="link link-primary break-all">
              {link}
            </a>
          </li>
        ))}
      </ul>
    ),
  },
];

/** The emails of the outbox folder, newest first, each link ready to open. */
export function OutboxList() {
  const outbox = useOutbox();
  if (outbox.error instanceof ApiError && outbox.error.status === 404)
    return <EmptyState>{words.outboxUnavailable}</EmptyState>;
  return (
    <QueryState
      query={outbox}
      pendingLabel={words.outboxLoading}
      errorTitle={words.outboxFailed}
      isEmpty={(emails) => emails.length === 0}
      empty={<EmptyState>{words.outboxEmpty}</EmptyState>}
    >
      {(emails) => (
        <DataTable
          rows={emails}
          rowKey={(email) => email.file}
          columns={columns}
          caption={words.count(emails.length)}
          busy={outbox.isFetching}
        />
      )}
    </QueryState>
  );
}
