import { Link } from 'react-router';
import { LineIcon } from '../../../components/ui/line-icon';
import { paths } from '../../../lib/paths';
import type { PictureProblem } from './picture-problems';

interface PictureUploadReportProps {
  /** The part added. */
  name: string;
  failed: readonly PictureProblem[];
  onDismiss: () => void;
}

/**
 * After Add Tool: the part was added, but these of its pictures were not, each with the API's
 * reason, and where to add them again.
 */
export function PictureUploadReport({ name, failed, onDismiss }: PictureUploadReportProps) {
  const count = failed.length === 1 ? 'a picture' : `${failed.length} pictures`;
  return (
    <div
      role="alert"
      className="rounded-box mb-2 flex items-start gap-2 border-warning/50 bg-warning/10 text-base-content border border-l-4 px-4 py-3 text-sm"
    >
      <LineIcon className="mt-0.5 h-4 w-4 shrink-0">
        <circle cx="12" cy="12" r="10" />
        <path d="M12 7v6M12 16.5v.5" />
      </LineIcon>
      <div className="grid min-w-0 gap-1">
        <p className="font-semibold">
          {name} was added, but {count} could not be uploaded:
        </p>
        <ul className="list-disc pl-5">
          {failed.map((problem) => (
            <li key={problem.key} className="break-words">
              <span className="font-semibold break-all">{problem.fileName}</span>: {problem.message}
            </li>
          ))}
        </ul>
        <p>
          Add {failed.length === 1 ? 'it' : 'them'} again in{' '}
          <Link to={paths.dashboard.manageTools} className="link font-semibold">
            Manage Tools
          </Link>
          , under Pictures in {name}&apos;s editor.
        </p>
      </div>
      <button
        type="button"
        className="btn btn-ghost btn-xs ml-auto shrink-0"
        onClick={onDismiss}
        aria-label="Dismiss the pictures not uploaded"
      >
        Dismiss
      </button>
    </div>
  );
}
