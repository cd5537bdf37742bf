// Runs the collector service alone (distributed mode).
import { runStandalone } from '@curb/runtime';
import collector from './app.ts';

runStandalone(collector);
