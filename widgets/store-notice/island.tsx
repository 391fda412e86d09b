import { defineIsland } from '../../src/islands/define';
import { StoreNoticePropsSchema } from './schema';
import { StoreNotice } from './StoreNotice';

export default defineIsland(StoreNoticePropsSchema, StoreNotice);
