import type { LaptopModel } from '@shop/shared';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';

/** The laptop the words or the filter named, with a way to its page of parts. */
export function ModelBanner({ model }: { model: LaptopModel }) {
  return (
    <p className="border-info/30 bg-info/5 rounded-box mt-4 border px-4 py-3 text-sm sm:text-base">
      Showing parts for{' '}
      <Link to={paths.laptop(model.slug)} className="link link-primary font-semibold">
        {model.brand.name} {model.name}
      </Link>
    </p>
  );
}
