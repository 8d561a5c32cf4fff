/** Where the web app keeps the access token in the browser (localStorage); the queue dashboard's sign-in page reads it too. */
export const AUTH_TOKEN_STORAGE_KEY = 'auth._token.local';
