/** Grey cards the shape of the results, while the first answer loads. */
export function ResultsSkeleton({ label }: { label: string }) {
  return (
    <div role="status" aria-busy="true">
      <span className="sr-only">{label}</span>
      <ul className="grid gap-4 sm:grid-cols-2 sm:gap-6 xl:grid-cols-3" aria-hidden="true">
        {Array.from({ length: 6 }, (_, index) => (
          <li
            key={index}
            className="border-base-300 rounded-box grid grid-cols-[6rem_1fr] gap-3 border p-3 sm:flex sm:flex-col"
          >
            <div className="skeleton rounded-box aspect-square w-full" />
            <div className="flex flex-col gap-2">
              <div className="skeleton h-4 w-24" />
              <div className="skeleton h-5 w-3/4" />
              <div className="skeleton h-4 w-1/2" />
              <div className="skeleton h-6 w-20" />
              <div className="skeleton h-4 w-full" />
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
