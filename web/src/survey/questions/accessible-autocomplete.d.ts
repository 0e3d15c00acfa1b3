// GOV.UK's accessible-autocomplete ships no types: the options this app uses, as its README documents them.
declare module 'accessible-autocomplete' {
  interface AccessibleAutocompleteOptions {
    element: HTMLElement;
    id: string;
    source: string[] | ((query: string, populateResults: (results: string[]) => void) => void);
    name?: string;
    defaultValue?: string;
    minLength?: number;
    confirmOnBlur?: boolean;
    displayMenu?: 'inline' | 'overlay';
    inputClasses?: string | null;
    menuAttributes?: Record<string, string>;
    showAllValues?: boolean;
    required?: boolean;
    tNoResults?: () => string;
    onConfirm?: (confirmed: string | undefined) => void;
  }
  function accessibleAutocomplete(options: AccessibleAutocompleteOptions): void;
  export default accessibleAutocomplete;
}

declare module 'accessible-autocomplete/dist/accessible-autocomplete.min.css';
