// node --import ./test/client/typescript-5.mjs: registers typescript-5-hooks.mjs (see there why).
import { register } from 'node:module';

register('./typescript-5-hooks.mjs', import.meta.url);
