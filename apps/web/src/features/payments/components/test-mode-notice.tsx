/** The sandbox says plainly that no real card is charged, and which test cards do what. */
export function TestModeNotice() {
  return (
    <div className="rounded-box border-warning bg-warning/10 flex flex-col gap-1 border border-dashed p-3 text-sm">
      <p className="flex items-center gap-2 font-semibold">
        <span className="badge badge-warning">Test mode</span>
        No real card is charged.
      </p>
      <p>
        Test cards: <span className="font-mono whitespace-nowrap">4242 4242 4242 4242</span>{' '}
        succeeds, <span className="font-mono whitespace-nowrap">4000 0000 0000 0002</span> is
        declined. Use any future expiry date and any 3-digit CVC.
      </p>
    </div>
  );
}
