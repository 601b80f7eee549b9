import { Link } from 'react-router';
import { paths } from '../../lib/paths';

export default function LoginRoute() {
  return (
    <section className="mx-auto max-w-md px-4 py-16">
      <div className="card bg-base-100 border-base-300 border shadow">
        <div className="card-body">
          <h1 className="card-title justify-center text-2xl">Login</h1>
          <p role="status" className="text-center">
            Customer accounts open soon. Until then you can browse every tool in the shop.
          </p>
          <Link to={paths.home} className="btn btn-primary mt-4">
            Browse the tools
          </Link>
        </div>
      </div>
    </section>
  );
}
