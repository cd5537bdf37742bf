// Runs the worker service alone (distributed mode).
import { runStandalone } from '@curb/runtime';
import worker from './app.ts';

runStandalone(worker);
