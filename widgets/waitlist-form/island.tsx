import { defineIsland } from '../../src/islands/define';
import { WaitlistFormPropsSchema } from './schema';
import { WaitlistForm } from './WaitlistForm';
import stylesheet from './waitlist-form.css?url';

export default defineIsland(WaitlistFormPropsSchema, WaitlistForm, { stylesheet });
