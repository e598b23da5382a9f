import type { EntityDef } from './define';
import { registerEntityNames } from './entity-names';
import { billtype } from './basic/billtype';
import { category } from './basic/category';
import { company } from './basic/company';
import { costtype } from './basic/costtype';
import { customer } from './basic/customer';
import { employee } from './basic/employee';
import { factory } from './basic/factory';
import { lgagreement } from './basic/lgagreement';
import { material } from './basic/material';
import { packspec } from './basic/packspec';
import { porter } from './basic/porter';
import { strategy } from './basic/strategy';
import { supplier } from './basic/supplier';
import { unit } from './basic/unit';
import { unitfloat } from './basic/unitfloat';
import { warehousearea } from './basic/warehousearea';
import { warehouseplace } from './basic/warehouseplace';
import { streamqtystatus } from './basic/streamqtystatus';
import { materialgroup } from './basic/materialgroup';
import { finishpackagerelation } from './basic/finishpackagerelation';
import { customstrategy } from './basic/customstrategy';
import { tagmodel } from './basic/tagmodel';
import { pdainfo } from './basic/pdainfo';
import { plannedquantity } from './basic/plannedquantity';
import { attach } from './resource/attach';
import { oss } from './resource/oss';
import { apiscope } from './system/apiscope';
import { apiscopecategory } from './system/apiscopecategory';
import { datascope } from './system/datascope';
import { dept } from './system/dept';
import { dict } from './system/dict';
import { menu } from './system/menu';
import { post } from './system/post';
import { role } from './system/role';
import { syscode } from './system/syscode';
import { tenant } from './system/tenant';
import { topmenu } from './system/topmenu';
import { user } from './system/user';
import { useroauth } from './system/useroauth';
import { basiccar } from './transport/basiccar';
import { basiccarrier } from './transport/basiccarrier';
import { basicdriver } from './transport/basicdriver';
import { basicline } from './transport/basicline';
import { basicrecipient } from './transport/basicrecipient';
import { customershippingrules } from './transport/customershippingrules';
import { customerstore } from './transport/customerstore';
import { basicpay } from './transport/basicpay';
import { basicgoodsforpay } from './transport/basicgoodsforpay';
import { basicpackge } from './transport/basicpackge';
import { basicdept } from './transport/basicdept';
import { deployform } from './flow/deployform';
import { flowcategory } from './flow/flowcategory';
import { flowform } from './flow/flowform';

/**
 * Every entity type the framework serves. Adding one: its schema file, one line here,
 * and nothing else (labels live in the schema file). See docs/ARCHITECTURE.md.
 */
export const entities: readonly EntityDef[] = [
  // bl-system
  user, dept, post, role, menu, topmenu, dict, tenant, apiscope, apiscopecategory, datascope, syscode, useroauth,
  // bl-resource
  oss, attach,
  // bl-basic
  customer, material, warehousearea, lgagreement, category, unit, unitfloat, supplier, factory, company, employee, porter, packspec, warehouseplace, strategy, costtype, billtype,
  // what the warehouse needs besides (issue 13)
  streamqtystatus, materialgroup, finishpackagerelation, customstrategy, tagmodel, pdainfo, plannedquantity,
  // bl-transport
  basiccar, basiccarrier, basicdriver, basicline, basicrecipient, customerstore, customershippingrules,
  // the transport chain's prices and depots (issue 14)
  basicpay, basicgoodsforpay, basicpackge, basicdept,
  // bl-flow
  flowcategory, deployform, flowform,
];

registerEntityNames(entities.map((e) => e.name));

export const entityByName = (name: string): EntityDef | undefined => entities.find((e) => e.name === name);
