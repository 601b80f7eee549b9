import type { ReactNode } from 'react';

interface Question {
  question: string;
  answer: ReactNode;
}

function Code({ children }: { children: string }) {
  return (
    <pre className="bg-neutral text-neutral-content rounded-box overflow-x-auto p-4 text-sm">
      <code>{children}</code>
    </pre>
  );
}

/** The six questions of docs/product.md, in their order. Static content. */
const questions: Question[] = [
  {
    question: 'How will you improve the performance of a React application?',
    answer: (
      <>
        <p>
          Measure first: the React DevTools Profiler shows which components render and how long they
          take, and Lighthouse or the Web Vitals show what the visitor feels. Then ship less
          JavaScript: split the code by route and load heavy widgets with <code>React.lazy</code>{' '}
          and dynamic <code>import()</code>. This shop loads its warehouse carousel and its calendar
          only when you scroll near them.
        </p>
        <p>
          Render less: keep state close to where it is used, give list items stable keys, memoize
          expensive subtrees (<code>React.memo</code>, <code>useMemo</code>, or the React Compiler),
          and virtualize very long lists. Fetch smartly: cache server data (TanStack Query),
          debounce typing that triggers requests, page on the server, and give images a width and
          height so the page does not jump.
        </p>
      </>
    ),
  },
  {
    question: 'What are the different ways to manage a state in a React application?',
    answer: (
      <>
        <p>
          Local state with <code>useState</code> or <code>useReducer</code> covers most needs. When
          siblings need the same value, lift it up to their parent and pass it down as props: this
          home page holds the date chosen in the “Our Moto” calendar and hands it to the tool cards.
          Context shares values that many components read but that rarely change, such as the
          signed-in user or the theme.
        </p>
        <p>
          Data from the server is best kept in a cache library such as TanStack Query or SWR, which
          handles loading, errors, retries and refetching. State that should survive a reload or be
          shared as a link belongs in the URL (route and search parameters). Forms have their own
          libraries (React Hook Form), and a global store (Redux Toolkit, Zustand, Jotai) fits large
          client-side state that distant components update. Pick the smallest tool that fits.
        </p>
      </>
    ),
  },
  {
    question: 'How does prototypal inheritance work?',
    answer: (
      <>
        <p>
          Every JavaScript object has a hidden link, its prototype, to another object (or to{' '}
          <code>null</code>). When you read a property, the engine looks on the object itself, then
          on its prototype, then on that object’s prototype, and so on up the chain until it finds
          the property or reaches <code>null</code> and returns <code>undefined</code>. Writing a
          property always writes on the object itself, shadowing the inherited one.
        </p>
        <Code>{`const animal = { speak() { return \`\${this.name} makes a sound\`; } };
const dog = Object.create(animal); // dog's prototype is animal
dog.name = 'Rex';
dog.speak(); // "Rex makes a sound", found on animal`}</Code>
        <p>
          Methods therefore live once on the prototype and are shared by every instance.{' '}
          <code>new Fn()</code> links the new object to <code>Fn.prototype</code>, and{' '}
          <code>class B extends A</code> is syntax over the same mechanism: it links{' '}
          <code>B.prototype</code> to <code>A.prototype</code>.
        </p>
      </>
    ),
  },
  {
    question: 'What is a unit test? Why should we write unit tests?',
    answer: (
      <>
        <p>
          A unit test is a small automated check of one unit of code, a function, a hook or a
          component, in isolation: given these inputs, it must produce this output. Unit tests run
          in milliseconds, so they run on every change, in the editor and in CI.
        </p>
        <p>
          We write them to catch regressions the moment they happen rather than in production, to
          refactor with confidence, and to document how the code is meant to behave. Code that is
          easy to test is usually better designed, with fewer hidden dependencies. Test behaviour
          rather than implementation details, and complete the picture with a few end-to-end tests
          of real user flows, as this shop does with Vitest and Playwright.
        </p>
      </>
    ),
  },
  {
    question:
      'Why do we not set the state directly in React? For example, with const [products, setProducts] = useState([]), why do we not write products = [...] and use setProducts instead?',
    answer: (
      <>
        <p>
          <code>products</code> is only a local constant of the current render: React keeps the real
          value inside the component and hands out a snapshot each time it renders. Reassigning (or
          mutating) the variable changes nothing React knows about, so no re-render happens and the
          next render reads the stored value again: the change is lost.
        </p>
        <p>
          Calling <code>setProducts</code> stores the new value and schedules a re-render of the
          component and its children. React decides whether anything changed by identity (
          <code>Object.is</code>), so pass a new array instead of pushing into the old one, and use
          the updater form when the new value depends on the previous one:
        </p>
        <Code>{`setProducts((previous) => [...previous, newProduct]);`}</Code>
      </>
    ),
  },
  {
    question:
      'You have an array of products. Each product has a name, price, description, etc. How will you implement a search to find products by name?',
    answer: (
      <>
        <p>
          For a handful of products already in memory, a filter is enough:{' '}
          <code>
            products.filter((p) =&gt; p.name.toLowerCase().includes(query.trim().toLowerCase()))
          </code>
          . A real catalogue, though, should not be downloaded whole to be searched: the search
          belongs on the backend, as a query on the product collection.
        </p>
        <p>
          The browser sends the typed text, e.g. <code>GET /api/tools?search=ssd&amp;page=1</code>,
          and the server runs something like{' '}
          <code>WHERE name ILIKE &apos;%ssd%&apos; ORDER BY name LIMIT 12 OFFSET 0</code> (with{' '}
          <code>%</code> and <code>_</code> escaped), returns one page and the total count for the
          pager. An index on the name, a trigram index (PostgreSQL <code>pg_trgm</code>) for
          “contains” searches, or a text index in MongoDB keeps it fast as the collection grows.
        </p>
        <p>
          On the client, debounce the typing (about 300 ms), drop stale responses, go back to page 1
          on a new search, and say plainly when nothing matches. That is how the search in this
          shop’s “Our Tools” section works.
        </p>
      </>
    ),
  },
];

export default function BlogsRoute() {
  return (
    <section className="mx-auto max-w-3xl px-4 py-12">
      <h1 className="text-3xl font-bold md:text-4xl">Blogs</h1>
      <p className="text-base-content/80 mt-2 mb-8">
        Questions and answers about building web applications with React.
      </p>
      <div className="space-y-3">
        {questions.map((item, index) => (
          <details
            key={item.question}
            open={index === 0}
            data-testid="blog-question"
            className="collapse-arrow bg-base-100 border-base-300 collapse border"
          >
            <summary className="collapse-title font-semibold">{item.question}</summary>
            <div className="collapse-content space-y-3 text-sm leading-relaxed md:text-base">
              {item.answer}
            </div>
          </details>
        ))}
      </div>
    </section>
  );
}
