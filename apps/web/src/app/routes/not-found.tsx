import { Link } from 'react-router';
import { paths } from '../../lib/paths';

export default function NotFoundRoute() {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center gap-6 px-4 py-16 text-center">
      <img
        src="/images/not-found.svg"
        alt="Page not found: an unplugged laptop"
        width={480}
        height={320}
        className="w-full max-w-md"
      />
      <h1 className="text-3xl font-bold">Page not found</h1>
      <p>The page you are looking for does not exist or has moved.</p>
      <div className="flex flex-wrap justify-center gap-2">
        <Link to={paths.tools} className="btn btn-primary">
          See our tools
        </Link>
        <Link to={paths.home} className="btn">
          Back to the shop
        </Link>
      </div>
    </section>
  );
}
