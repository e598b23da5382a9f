import { useState, type Key } from 'react';
import { ApartmentOutlined } from '@ant-design/icons';
import { Alert, App, Button, Spin, type ButtonProps } from 'antd';
import { Modal } from '../../../shared/widgets/Modal';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { buttonCode, type EntityDef } from '@tpl/contracts';
import { entityApi, type EntityRecord } from '../../../api/entities';
import { entityKeys } from '../../../api/queryKeys';
import { usePermissions } from '../../../auth/permissions';
import { useSubmitEntity } from '../../../shared/widgets/hooks';
import { MenuTreeField } from './MenuTreeField';

const codes = (v: unknown): string[] => (Array.isArray(v) ? v.map(String) : []);

/**
 * Spec 02: "roles can be allocated resources (after confirmation)". The role list's button opens
 * the ticked role's menus and buttons as a tree in a dialog; OK asks to confirm, saying how many
 * entries the role gains and loses, and only then saves the role (with its version: a role changed
 * meanwhile is refused, 409, rather than overwritten). Needs the role's edit button.
 */
export const AllocateResources = ({ def, selected }: { def: EntityDef; selected: readonly Key[] }) => {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const { hasPermission } = usePermissions();
  const [id, setId] = useState<string | undefined>();
  const [menus, setMenus] = useState<string[] | undefined>();
  const submit = useSubmitEntity(def);
  const record = useQuery({
    queryKey: entityKeys.detail(def.name, id ?? ''),
    queryFn: ({ signal }) => entityApi.detail(def, id!, signal),
    enabled: id !== undefined,
  });
  if (!hasPermission(buttonCode(def, 'edit'))) return null;

  const open = () => {
    if (selected.length !== 1) {
      void message.warning(t('md.selectOne'));
      return;
    }
    setMenus(undefined);
    setId(String(selected[0]));
  };
  const close = () => {
    setId(undefined);
    setMenus(undefined);
  };
  const role = record.data as EntityRecord | undefined;
  const before = codes(role?.menus);
  const after = menus ?? before;

  const confirm = () => {
    if (!role) return;
    const added = after.filter((c) => !before.includes(c)).length;
    const removed = before.filter((c) => !after.includes(c)).length;
    modal.confirm({
      title: t('md.confirmTitle'),
      content: t('roleEditor.allocateConfirm', { name: String(role.roleName ?? role.roleAlias ?? ''), added, removed }),
      okButtonProps: { 'data-testid': 'modal-ok' } as ButtonProps,
      onOk: async () => {
        try {
          await submit.mutateAsync({ ...role, menus: after });
          void message.success(t('md.operationSuccess'));
          close();
        } catch {
          // the API client has shown the server's message (a role changed meanwhile: 409)
        }
      },
    });
  };

  return (
    <>
      <Button icon={<ApartmentOutlined />} onClick={open} data-testid="role-allocate">
        {t('roleEditor.allocate')}
      </Button>
      <Modal
        open={id !== undefined}
        title={t('roleEditor.allocateTitle', { name: String(role?.roleName ?? '') })}
        width={760}
        onCancel={close}
        onOk={confirm}
        okButtonProps={{ disabled: !role, loading: submit.isPending, 'data-testid': 'role-allocate-ok' } as ButtonProps}
        destroyOnHidden
      >
        {record.isPending ? <Spin /> : record.error ? <Alert type="error" showIcon title={record.error.message} /> : <MenuTreeField value={after} onChange={setMenus} />}
      </Modal>
    </>
  );
};
