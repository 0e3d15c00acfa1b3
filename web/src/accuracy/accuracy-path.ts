/** Where the public accuracy page is, linked from each result's 'How we worked this out'. */
export const ACCURACY_PATH = '/accuracy';
