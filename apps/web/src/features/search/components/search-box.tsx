import { type FormEvent, useId, useState } from 'react';

interface SearchBoxProps {
  /** The words of the URL; the screen remounts the box (`key`) when Back or Forward changes them. */
  initial: string;
  onSearch: (q: string) => void;
}

/**
 * The search page's own box, its label the page's title: the words are asked for on Enter (or
 * Search), never at each keystroke.
 */
export function SearchBox({ initial, onSearch }: SearchBoxProps) {
  const inputId = useId();
  const [text, setText] = useState(initial);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSearch(text);
  };
  return (
    <form role="search" onSubmit={submit} className="flex flex-col gap-3">
      <h1 className="text-2xl font-bold sm:text-3xl">
        <label htmlFor={inputId}>Search parts</label>
      </h1>
      <div className="join w-full max-w-2xl">
        <input
          id={inputId}
          type="search"
          name="q"
          value={text}
          onChange={(event) => setText(event.target.value)}
          placeholder="Part number, model or part"
          autoComplete="off"
          enterKeyHint="search"
          maxLength={100}
          className="input join-item w-full"
        />
        <button type="submit" className="btn btn-primary join-item">
          Search
        </button>
      </div>
    </form>
  );
}
