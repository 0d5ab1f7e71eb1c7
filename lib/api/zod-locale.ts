// Dutch validation messages for every zod schema of the API (imported once by the route wrapper).
import { z } from 'zod';

z.config(z.locales.nl());
