import { useEffect, useId, useRef, useState } from 'react';
import { ADVISER_LIMITS, type Client, type ClientSearchType } from '../../../common/adviser/model';
import { searchClients } from './adviser-api';

/** How long typing must pause before a search is sent, so each key press does not send one. */
export const SEARCH_DELAY_MS = 300;

export const SEARCH_TYPES: { value: ClientSearchType; text: string }[] = [
  { value: 'user', text: 'Only my clients' },
  { value: 'organisation', text: 'All clients in my organisation' },
];

interface Props {
  onSelect(client: Client): void;
  /** A failed search: the screen shows No Access or the error view. */
  onFailure(error: unknown): void;
}

type Results = { state: 'idle' } | { state: 'searching' } | { state: 'found'; clients: Client[] };

function optionText(client: Client): string {
  return `${client.displayName} (${client.dateOfBirth})${client.clientNumber ? `, ${client.clientNumber}` : ''}`;
}

/**
 * Find Client: a typeahead by name or date of birth (DD/MM/YYYY), from 3 characters,
 * scoped to the adviser's own clients or the organisation's. It follows the ARIA combobox pattern: the arrow keys
 * move through the suggestions, Enter chooses, Escape closes, and the number found is announced.
 */
export function ClientSearch({ onSelect, onFailure }: Props) {
  const id = useId();
  const listId = `${id}-list`;
  const [text, setText] = useState('');
  const [searchType, setSearchType] = useState<ClientSearchType>('user');
  const [results, setResults] = useState<Results>({ state: 'idle' });
  const [isOpen, setIsOpen] = useState(false);
  const [active, setActive] = useState(-1);
  // The name put in the box by choosing a client is not a new search.
  const [chosenText, setChosenText] = useState<string | null>(null);
  // Only the latest search's answer is shown, whatever order the answers arrive in.
  const latest = useRef(0);
  const onFailureRef = useRef(onFailure);
  onFailureRef.current = onFailure;

  const query = text.trim();
  const isLongEnough = query.length >= ADVISER_LIMITS.clientSearchMinLength && text !== chosenText;
  // Before any typing, 'Only my clients' lists them, most recently worked on first.
  const [ownClients, setOwnClients] = useState<Client[] | null>(null);
  const showsOwnClients = searchType === 'user' && query === '';
  useEffect(() => {
    if (!showsOwnClients || ownClients !== null) return;
    let current = true;
    searchClients('', 'user').then(
      (response) => {
        if (current) setOwnClients(response.searchClients);
      },
      (error: unknown) => {
        if (current) onFailureRef.current(error);
      },
    );
    return () => {
      current = false;
    };
  }, [showsOwnClients, ownClients]);

  useEffect(() => {
    const request = ++latest.current;
    setActive(-1);
    if (!isLongEnough) {
      setResults({ state: 'idle' });
      return;
    }
    setResults({ state: 'searching' });
    const timer = setTimeout(() => {
      searchClients(query, searchType).then(
        (response) => {
          if (request !== latest.current) return;
          setResults({ state: 'found', clients: response.searchClients });
          setIsOpen(true);
        },
        (error: unknown) => {
          if (request === latest.current) onFailureRef.current(error);
        },
      );
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [query, isLongEnough, searchType]);

  const clients = results.state === 'found' ? results.clients : [];
  const isListShown = isOpen && clients.length > 0;

  const choose = (client: Client) => {
    setIsOpen(false);
    setText(client.displayName);
    setChosenText(client.displayName);
    onSelect(client);
  };

  const status =
    chosenText !== null
      ? ''
      : !isLongEnough && query.length > 0
        ? `Type at least ${ADVISER_LIMITS.clientSearchMinLength} characters to search.`
        : results.state === 'searching'
          ? 'Searching...'
          : results.state === 'found'
            ? clients.length === 0
              ? 'No clients found.'
              : `${clients.length} ${clients.length === 1 ? 'client' : 'clients'} found. Use the up and down arrows to choose one.`
            : '';

  return (
    <section className="client-search" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Find Client</h2>
      <fieldset className="question__fieldset client-search__scope">
        <legend className="question__label">Search in</legend>
        <div className="radios--inline">
          {SEARCH_TYPES.map((type) => (
            <label key={type.value} className="period-choice__option">
              <input
                type="radio"
                className="radios__input"
                name={`${id}-scope`}
                value={type.value}
                checked={searchType === type.value}
                onChange={() => setSearchType(type.value)}
              />
              {type.text}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="question client-search__field">
        <label className="question__label" htmlFor={`${id}-input`}>
          Client name or date of birth
        </label>
        <p className="question__hint" id={`${id}-hint`}>
          Type at least {ADVISER_LIMITS.clientSearchMinLength} characters of the name, or the date of birth as DD/MM/YYYY.
        </p>
        <input
          id={`${id}-input`}
          className="input client-search__input"
          type="text"
          role="combobox"
          autoComplete="off"
          aria-autocomplete="list"
          aria-expanded={isListShown}
          aria-controls={listId}
          aria-describedby={`${id}-hint`}
          aria-activedescendant={isListShown && active >= 0 ? `${id}-option-${active}` : undefined}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setChosenText(null);
            setIsOpen(true);
          }}
          onKeyDown={(event) => {
            if (event.key === 'ArrowDown' && clients.length > 0) {
              event.preventDefault();
              setIsOpen(true);
              setActive((index) => (isListShown ? (index + 1) % clients.length : 0));
            } else if (event.key === 'ArrowUp' && clients.length > 0) {
              event.preventDefault();
              setIsOpen(true);
              setActive((index) => (index <= 0 ? clients.length - 1 : index - 1));
            } else if (event.key === 'Enter' && isListShown && active >= 0) {
              event.preventDefault();
              choose(clients[active]);
            } else if (event.key === 'Escape') {
              setIsOpen(false);
              setActive(-1);
            }
          }}
          onBlur={() => {
            // Late enough for a click on a suggestion to land first.
            setTimeout(() => setIsOpen(false), 150);
          }}
        />
        <ul id={listId} role="listbox" aria-label="Clients found" className="client-search__list" hidden={!isListShown}>
          {clients.map((client, index) => (
            <li
              key={client.clientGuid}
              id={`${id}-option-${index}`}
              role="option"
              aria-selected={index === active}
              className={`client-search__option${index === active ? ' client-search__option--active' : ''}`}
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => choose(client)}
            >
              {optionText(client)}
            </li>
          ))}
        </ul>
        <p className="client-search__status" role="status">
          {status}
        </p>
      </div>
      {showsOwnClients && ownClients !== null && (
        <section className="client-search__own" aria-labelledby={`${id}-own-title`}>
          <h3 id={`${id}-own-title`}>Your clients, most recent first</h3>
          {ownClients.length === 0 ? (
            <p>You have no clients yet.</p>
          ) : (
            <ul className="client-search__own-list">
              {ownClients.map((client) => (
                <li key={client.clientGuid}>
                  <button type="button" className="link-button" onClick={() => choose(client)}>
                    {optionText(client)}
                  </button>
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
    </section>
  );
}
