import { createContext } from 'react';

/**
 * True inside an island (src/web/app/islands): the page around it is the server's HTML, which the app
 * does not render, so what changes the whole page (the language) reloads it from the server instead.
 */
export const StaticPageContext = createContext(false);
