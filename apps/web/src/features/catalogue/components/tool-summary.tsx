import type { Tool } from '@shop/shared';

/** One tool at the top of its purchase page: its name (the page title), image and description. */
export function ToolSummary({ tool }: { tool: Tool }) {
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-3xl font-bold">{tool.name}</h1>
      <figure className="bg-base-200 rounded-box">
        <img
          src={tool.img}
          alt={tool.name}
          width={400}
          height={400}
          decoding="async"
          className="mx-auto h-64 w-full object-contain p-4"
        />
      </figure>
      <p className="text-base-content/80">{tool.description}</p>
    </div>
  );
}
