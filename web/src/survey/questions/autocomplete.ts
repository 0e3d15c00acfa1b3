// GOV.UK's accessible autocomplete with its styles: a module of its own, so that it loads with the council question only.
import 'accessible-autocomplete/dist/accessible-autocomplete.min.css';

export { default } from 'accessible-autocomplete';
