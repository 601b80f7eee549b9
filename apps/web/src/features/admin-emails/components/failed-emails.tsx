import { type FailedEmail, messages } from '@shop/shared';
import { type DataColumn, DataTable } from '../../../components/ui/data-table';
import { QueryState } from '../../../components/ui/query-state';
import { formatDateTime } from '../../../lib/format';
import { useFailedEmails } from '../api/get-failed-emails';

const state = (email: FailedEmail) =>
  email.sentAt
    ? `Sent ${formatDateTime(email.sentAt)}`
    : `Next attempt ${email.nextAttemptAt ? formatDateTime(email.nextAttemptAt) : 'soon'}`;

const columns: DataColumn<FailedEmail>[] = [
  { header: 'Subject', rowHeader: true, className: 'font-normal', cell: (email) => email.subject },
  { header: 'To', cell: (email) => <span className="break-all">{email.to}</span> },
  { header: 'Attempts', align: 'end', cell: (email) => email.attempts },
  {
    header: 'Last error',
    cell: (email) => <span className="break-words">{email.lastError}</span>,
  },
  { header: 'State', cell: state },
];

/**
 * The emails the shop failed to send at least once (admins): those still waiting for their next
 * attempt, and those sent since, with the last error of each.
 */
export function FailedEmails() {
  const failed = useFailedEmails();
  return (
    <section aria-labelledby="failed-emails" className="card bg-base-100 border-base-300 border">
      <div className="card-body gap-4">
        <h2 id="failed-emails" className="card-title text-lg">
          {messages.emails.failedTitle}
        </h2>
        <QueryState
          query={failed}
          pendingLabel="Loading the emails not sent"
          errorTitle="The emails not sent could not be loaded"
          errorHeadingLevel={3}
          isEmpty={(emails) => emails.length === 0}
          empty={<p className="text-base-content/70 text-sm">{messages.emails.failedEmpty}</p>}
        >
          {(emails) => (
            <DataTable
              rows={emails}
              rowKey={(email) => email._id}
              columns={columns}
              tableClassName="table table-sm"
              caption={`${emails.length} ${emails.length === 1 ? 'email' : 'emails'}`}
              busy={failed.isFetching}
            />
          )}
        </QueryState>
      </div>
    </section>
  );
}
