/** Release task calls (SPEC §7 upgrade group): preview, batch submit, list, get, operate, update, delete, devices, results. */
import { upgradeCalls } from '@portal/contract';
import { implement, type CallImpl } from '../../lib/implement';
import {
  deleteTask,
  getTask,
  listTasks,
  operateTask,
  previewTask,
  resultByCountry,
  submitTasks,
  taskCounts,
  taskDevicesPage,
  updateTask,
} from './tasks.service';

const otherTask = { otherTenant: (fx: { otherTaskId: number }) => ({ taskId: fx.otherTaskId }) };
const otherPackageTarget = (pkgId: number) => ({ pkgId, releaseType: 'full' as const, areaIds: [1] });

export const taskImpls: CallImpl[] = [
  implement(upgradeCalls.taskPreview, { otherTenant: (fx) => otherPackageTarget(fx.otherPackageId) }, (ctx, d) => previewTask(ctx, d)),
  implement(
    upgradeCalls.taskBatchSubmit,
    {
      otherTenant: (fx) => ({
        tasks: [{ target: otherPackageTarget(fx.otherPackageId), startAt: Date.UTC(2030, 0, 1), endAt: Date.UTC(2030, 1, 1) }],
      }),
    },
    (ctx, d) => submitTasks(ctx, d.tasks),
  ),
  implement(upgradeCalls.taskList, { none: "lists the tasks of the caller's subtree and current area only" }, (ctx, d) =>
    listTasks(ctx, d),
  ),
  implement(upgradeCalls.taskGet, otherTask, (ctx, d) => getTask(ctx, d.taskId)),
  implement(upgradeCalls.taskOperate, { otherTenant: (fx) => ({ taskId: fx.otherTaskId, action: 'pause' }) }, (ctx, d) =>
    operateTask(ctx, d),
  ),
  implement(upgradeCalls.taskUpdate, { otherTenant: (fx) => ({ taskId: fx.otherTaskId, endAt: Date.UTC(2031, 0, 1) }) }, (ctx, d) =>
    updateTask(ctx, d),
  ),
  implement(upgradeCalls.taskDelete, otherTask, (ctx, d) => deleteTask(ctx, d.taskId)),
  implement(upgradeCalls.taskDevices, otherTask, (ctx, d) => taskDevicesPage(ctx, d)),
  implement(upgradeCalls.resultByCountry, otherTask, (ctx, d) => resultByCountry(ctx, d.taskId)),
  implement(upgradeCalls.taskCounts, otherTask, (ctx, d) => taskCounts(ctx, d.taskId)),
];
