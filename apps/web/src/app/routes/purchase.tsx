import { useParams } from 'react-router';
import { ErrorState } from '../../components/ui/error-state';
import { Spinner } from '../../components/ui/spinner';
import { useTool } from '../../features/catalog/api/get-tool';
import { formatPrice } from '../../lib/format';

export default function PurchaseRoute() {
  const { id = '' } = useParams();
  const tool = useTool(id);
  if (tool.isPending) return <Spinner label="Loading the tool" />;
  if (tool.isError)
    return (
      <ErrorState
        title="This tool could not be loaded"
        error={tool.error}
        onRetry={() => void tool.refetch()}
      />
    );
  return (
    <section className="mx-auto max-w-3xl px-4 py-12">
      <h1 className="text-3xl font-bold">{tool.data.name}</h1>
      <img src={tool.data.img} alt={tool.data.name} width={400} height={300} className="my-6" />
      <p>{tool.data.description}</p>
      <p className="mt-4 font-semibold">Price per unit: {formatPrice(tool.data.price)}</p>
    </section>
  );
}
