import { Link } from 'react-router';
import { MissingPage } from '../../components/ui/missing-page';
import { paths } from '../../lib/paths';

export default function NotFoundRoute() {
  return (
    <MissingPage
      title="Page not found"
      imageAlt="Page not found: an unplugged laptop"
      actions={
        <>
          <Link to={paths.tools} className="btn btn-primary">
            See our tools
          </Link>
          <Link to={paths.home} className="btn">
            Back to the shop
          </Link>
        </>
      }
    >
      The page you are looking for does not exist or has moved.
    </MissingPage>
  );
}
