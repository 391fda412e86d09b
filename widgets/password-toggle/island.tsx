import { defineIsland } from '../../src/islands/define';
import stylesheet from './password-toggle.css?url';
import { PasswordToggle } from './PasswordToggle';
import { PasswordTogglePropsSchema } from './schema';

export default defineIsland(PasswordTogglePropsSchema, PasswordToggle, { stylesheet });
