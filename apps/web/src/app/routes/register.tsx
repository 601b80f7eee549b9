import { Link } from 'react-router';
import { paths } from '../../lib/paths';

export default function RegisterRoute() {
  return (
    <section className="mx-auto max-w-md px-4 py-16">
      <div className="card bg-base-100 border-base-300 border shadow">
        <div className="card-body">
          <h1 className="card-title justify-center text-2xl">Sign Up</h1>
          <p role="status" className="text-center">
            Customer accounts open soon. Until then you can browse every tool in the shop.
          </p>
          <Link to={paths.login} className="link mt-4 text-center">
            Already have an account? Login
          </Link>
        </div>
      </div>
    </section>
  );
}
