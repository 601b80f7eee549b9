import { messages } from '@shop/shared';
import { OutboxList } from '../../features/dev-outbox/components/outbox-list';

/** In development, to the shop's own machine: the emails written to DATA_DIR/outbox instead of sent. */
export default function DevOutboxRoute() {
  return (
    <section className="content-width py-10">
      <h1 className="text-2xl font-bold">{messages.emails.outboxTitle}</h1>
      <p className="text-base-content/70 mt-2 mb-6">{messages.emails.outboxIntro}</p>
      <OutboxList />
    </section>
  );
}
