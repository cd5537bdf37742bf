// Runs the api service alone (distributed mode).
import { runStandalone } from '@curb/runtime';
import api from './app.ts';

runStandalone(api);
