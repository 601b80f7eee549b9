import { type FailedEmail, messages } from '@shop/shared';
import { type DataColumn, DataTable } from '../../../components/ui/data-table';
import { QueryState } from '../../../components/ui/query-state';
import { formatDateTime } from '../../../lib/format';
import { useEmailDelivery } from '../api/get-email-delivery';
import { useFailedEmails } from '../api/get-failed-emails';

const words = messages.emails;

const state = (email: FailedEmail) =>
  email.sentAt
    ? words.sentAt(formatDateTime(email.sentAt))
    : email.nextAttemptAt
      ? words.nextAttemptAt(formatDateTime(email.nextAttemptAt))
      : words.nextAttemptSoon;

const columns: DataColumn<FailedEmail>[] = [
  {
    header: words.columns.subject,
    rowHeader: true,
    className: 'font-normal',
    cell: (email) => email.subject,
  },
  { header: words.columns.to, cell: (email) => <span className="break-all">{email.to}</span> },
  { header: words.columns.attempts, align: 'end', cell: (email) => email.attempts },
  {
    header: words.columns.lastError,
    cell: (email) => <span className="break-words">{email.lastError}</span>,
  },
  { header: words.columns.state, cell: state },
];

/**
 * The emails the shop failed to send at least once (admins): those still waiting for their next
 * attempt, and those sent since, with the last error of each.
 */
export function FailedEmails() {
  const failed = useFailedEmails();
  // Without SMTP nothing fails, and nothing reaches anyone either: say so rather than "sent".
  const outboxOnly = useEmailDelivery().data?.delivery === 'outbox';
  return (
    <section aria-labelledby="failed-emails" className="card bg-base-100 border-base-300 border">
      <div className="card-body gap-4">
        <h2 id="failed-emails" className="card-title text-lg">
          {words.failedTitle}
        </h2>
        {outboxOnly && <p className="text-sm">{words.outboxOnly}</p>}
        <QueryState
          query={failed}
          pendingLabel={words.failedLoading}
          errorTitle={words.failedFailed}
          errorHeadingLevel={3}
          isEmpty={(emails) => emails.length === 0}
          empty={
            outboxOnly ? null : <p className="text-base-content/70 text-sm">{words.failedEmpty}</p>
          }
        >
          {(emails) => (
            <DataTable
              rows={emails}
              rowKey={(email) => email._id}
              columns={columns}
              tableClassName="table table-sm"
              caption={words.count(emails.length)}
              busy={failed.isFetching}
            />
          )}
        </QueryState>
      </div>
    </section>
  );
}
