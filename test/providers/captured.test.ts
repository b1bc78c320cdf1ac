// Every tool of the servers the corpus does not hold (bench/captured.ts: Microsoft Graph's, whose
// every root takes extra keys, GitHub REST, Notion, Postman, Twilio, HubSpot, MongoDB,
// Salesforce), which no conversion was written against: accepted by every provider's rules, strict
// and not, and round-tripped (test/helpers/real-tools.ts).
import { capturedEntries } from '../../bench/captured.js';
import { describeRealTools, requestsOf } from '../helpers/real-tools.js';

describeRealTools('captured', requestsOf(capturedEntries()));
