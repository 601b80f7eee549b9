/** A file that was not taken, and the words why (the API's, or the browser's before sending). */
export interface PictureProblem {
  key: string;
  fileName: string;
  message: string;
}

interface PictureProblemsProps {
  problems: readonly PictureProblem[];
  onDismiss: (key: string) => void;
}

/**
 * The files refused or failed, each with its reason and Dismiss. The box is always in the page
 * (empty, it shows nothing), so a new line is read out as it comes.
 */
export function PictureProblems({ problems, onDismiss }: PictureProblemsProps) {
  return (
    <div role="alert" className="empty:hidden">
      {problems.length > 0 && (
        <ul className="rounded-box grid gap-2 border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800">
          {problems.map((problem) => (
            <li key={problem.key} className="flex items-start justify-between gap-2">
              <p className="min-w-0 break-words">
                <span className="font-semibold break-all">{problem.fileName}</span>:{' '}
                {problem.message}
              </p>
              <button
                type="button"
                className="btn btn-ghost btn-xs shrink-0 text-red-800"
                onClick={() => onDismiss(problem.key)}
                aria-label={`Dismiss ${problem.fileName}`}
              >
                Dismiss
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
