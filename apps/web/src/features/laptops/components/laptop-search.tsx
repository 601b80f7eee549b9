import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { Combobox, suggestionDetailClass } from '../../../components/ui/combobox';
import {
  getLaptopSuggestionsQueryOptions,
  useLaptopSuggestions,
} from '../../../lib/laptop-suggestions';
import { paths } from '../../../lib/paths';
import { SEARCH_DEBOUNCE_MS, useDebouncedValue } from '../../../lib/use-debounced-value';
import { laptopName, otherNames } from '../utils/laptop-text';

/** How many models the list suggests at once. */
const SUGGESTIONS = 8;

/**
 * "or type your model or machine type": a combobox that suggests models as the visitor types
 * ("t480", "20L5"), the first one chosen; Enter or a click opens the chosen model's page.
 */
export function LaptopSearch() {
  const inputId = useId();
  const hintId = useId();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  const typed = text.trim();
  const q = useDebouncedValue(typed, SEARCH_DEBOUNCE_MS);
  const suggestions = useLaptopSuggestions(q, SUGGESTIONS);
  // The list answers the text as it was a moment ago; none while the box is empty.
  const models = typed && suggestions.data ? suggestions.data : [];
  const waiting = typed !== '' && (typed !== q || suggestions.isFetching);

  let status = '';
  if (typed && !waiting && suggestions.data) {
    status =
      models.length === 0
        ? `No laptop model starts with "${typed}".`
        : `${models.length} ${models.length === 1 ? 'model' : 'models'} suggested. Arrow keys choose, Enter opens.`;
  } else if (typed && suggestions.isError) {
    status = 'The suggestions could not be loaded. Keep typing to try again.';
  }

  const openModel = (slug: string) => void navigate(paths.laptop(slug));

  /**
   * Enter before the list has caught up with the typing ("20L5" typed fast): the list shown is
   * the one of the text before, so the typed text's own first suggestion is asked for and opened.
   */
  const openFirstForTyped = async () => {
    try {
      const { models: found } = await queryClient.fetchQuery(
        getLaptopSuggestionsQueryOptions(typed, SUGGESTIONS),
      );
      const first = found.find((model) => model !== null);
      if (first) openModel(first.slug);
    } catch {
      // The status line says the suggestions failed once the query settles; nothing opens.
    }
  };

  return (
    <div className="flex flex-col gap-2">
      <label htmlFor={inputId} className="font-medium">
        or type your model or machine type
      </label>
      <Combobox
        id={inputId}
        listLabel="Suggested laptop models"
        text={text}
        onTextChange={setText}
        items={models}
        itemKey={(model) => model.slug}
        renderItem={(model, active) => {
          const also = otherNames(model);
          return (
            <>
              <span className="font-medium">{laptopName(model)}</span>
              <span className={suggestionDetailClass(active)}>
                {model.series.name}
                {also.length > 0 && ` · ${also.join(', ')}`}
              </span>
            </>
          );
        }}
        onPick={(model) => openModel(model.slug)}
        waiting={waiting}
        onEnterWhileWaiting={() => void openFirstForTyped()}
        describedBy={hintId}
        placeholder="e.g. T480, 20L5, Latitude 7490"
        enterKeyHint="go"
      />
      <p id={hintId} role="status" className="text-base-content/70 min-h-5 text-sm">
        {status}
      </p>
    </div>
  );
}
