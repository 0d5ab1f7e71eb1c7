// The API version carried in the envelope's `versie` and the API-Version header of every response.
export const API_VERSION = '1.0.0-beta';
export const API_TITLE = 'Nederlandse publieke data, één standaard';
