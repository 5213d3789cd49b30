//! Initialisers (C11 6.7.9): the brace-enclosed syntax with designators
//! (and GNU ranges `[lo ... hi]` and `field:`) is read into an
//! [`InitTree`], then resolved against the object's type into the flat
//! list of typed stores of an [`Init`]: brace elision, string literals for
//! character arrays, bit-fields, completion of an array of unknown size,
//! and the constant-ness checks of static storage (6.7.9 p4, 6.6).

use super::{PResult, Parser};
use crate::frontend::ast::*;
use crate::frontend::lex::{Sym, TokKind, P};
use crate::frontend::sema::consteval::{self, CVal};
use crate::frontend::sema::types::{BitField, TypeId, TypeKind, Types};
use crate::frontend::source::Span;

/// Syntactic initializer before type-directed resolution.
pub(crate) enum InitTree {
    Expr(Expr),
    List(Vec<(Vec<Desig>, InitTree)>, Span),
}

pub(crate) enum Desig {
    Field(Sym, Span),
    Index(i64, i64, Span),
}

/// An initializable member: type, byte offset, bit-field, name.
type InitMember = (TypeId, u64, Option<BitField>, Option<Sym>);

impl<'a> Parser<'a> {
    /// Parses `= initializer` (after the `=`) for an object of type `ty`;
    /// completes an incomplete array type from the initializer.
    pub(crate) fn initializer(&mut self, ty: &mut TypeId, is_static: bool) -> PResult<Init> {
        let tree = self.init_tree()?;
        let mut init = Init {
            zero: !self.types.is_scalar(*ty),
            ..Default::default()
        };
        // incomplete array: size from the initializer
        let mut len = 0u64;
        let top = std::mem::replace(&mut self.flex_init_top, is_static.then_some(*ty));
        self.fill(*ty, 0, &tree, &mut init, &mut len, true);
        self.flex_init_top = top;
        if let TypeKind::Array(e, None) = self.types.kind(*ty).clone() {
            *ty = self.types.array(e, Some(len));
        }
        self.check_reverse_order_init(*ty, &init);
        if is_static {
            for it in &init.items {
                if self.types.is_record(it.ty) && it.bits.is_none() {
                    if !matches!(it.expr.kind, ExprKind::CompoundLit(..)) {
                        self.diags
                            .error(it.expr.span, "initializer element is not constant");
                    }
                    continue;
                }
                match consteval::eval(&self.types, &it.expr) {
                    Some(CVal::Int(_)) => {}
                    Some(CVal::Addr(s, _)) => {
                        self.global_refs.insert(s);
                        if self.types.size(it.ty).unwrap_or(4) < 4 {
                            self.diags.error(
                                it.expr.span,
                                "initializer element is not computable at load time",
                            );
                        }
                    }
                    Some(CVal::StrAddr(..)) => {}
                    None => {
                        if !self.types.is_float(it.ty)
                            || consteval::eval_float(&self.types, &it.expr).is_none()
                        {
                            self.diags
                                .error(it.expr.span, "initializer element is not constant");
                        }
                    }
                }
            }
        }
        Ok(init)
    }

    fn init_tree(&mut self) -> PResult<InitTree> {
        if !self.is_p(P::LBrace) {
            let e = self.assign_expr()?;
            return Ok(InitTree::Expr(e));
        }
        self.enter()?;
        let open = self.bump().span;
        let mut elems = Vec::new();
        while !self.is_p(P::RBrace) {
            let mut desig = Vec::new();
            loop {
                if self.is_p(P::Dot) {
                    self.bump();
                    let t = self.bump();
                    if t.kind != TokKind::Ident {
                        let d = self.tok_desc(&t);
                        self.diags
                            .error(t.span, format!("expected identifier before {d}"));
                        self.leave();
                        return Err(());
                    }
                    desig.push(Desig::Field(t.sym, t.span));
                } else if self.is_p(P::LBracket) {
                    let sp = self.bump().span;
                    let lo = self.const_int_expr()?;
                    let hi = if self.eat_p(P::Ellipsis) {
                        self.const_int_expr()?
                    } else {
                        lo
                    };
                    self.expect_p(P::RBracket)?;
                    desig.push(Desig::Index(lo, hi, sp));
                } else if self.peek().kind == TokKind::Ident
                    && self.peek_at(1).is(P::Colon)
                    && desig.is_empty()
                {
                    // GNU old-style designator `field: value`
                    let t = self.bump();
                    self.bump();
                    desig.push(Desig::Field(t.sym, t.span));
                    break;
                } else {
                    break;
                }
            }
            if !desig.is_empty()
                && !matches!(self.toks[self.pos - 1].kind, TokKind::Punct(P::Colon))
            {
                self.expect_p(P::Assign)?;
            }
            let v = self.init_tree()?;
            elems.push((desig, v));
            if !self.eat_p(P::Comma) {
                break;
            }
        }
        self.leave();
        if self.expect_p(P::RBrace).is_err() {
            return Err(());
        }
        Ok(InitTree::List(elems, open))
    }

    fn str_of(e: &Expr) -> Option<&Vec<u8>> {
        match &e.kind {
            ExprKind::Str(b) => Some(b),
            _ => None,
        }
    }

    /// Fills the object of type `ty` at `off` from one initializer node.
    fn fill(
        &mut self,
        ty: TypeId,
        off: u64,
        node: &InitTree,
        init: &mut Init,
        len: &mut u64,
        top: bool,
    ) {
        if self.types.is_complex(ty) {
            self.complex_init(ty, off, node, init);
            if top {
                *len = 1;
            }
            return;
        }
        match node {
            InitTree::Expr(e) => {
                if self.is_string_init(ty, e) {
                    if let Some(b) = Self::str_of(e) {
                        self.string_init(ty, off, b, e.span, init, len);
                        return;
                    }
                }
                if self.types.is_scalar(ty)
                    || (self.types.is_record(ty) && self.types.is_record(e.ty))
                {
                    let e = self.assign_convert(ty, e.clone(), "initialization");
                    init.items.push(InitItem {
                        offset: off,
                        ty,
                        bits: None,
                        expr: e,
                    });
                    if top {
                        *len = 1;
                    }
                    return;
                }
                if self.types.is_array(ty) || self.types.is_record(ty) {
                    // brace elision at the top: treat as a list of one
                    if top {
                        self.diags.error(e.span, "invalid initializer");
                        return;
                    }
                    let elems = vec![(Vec::new(), InitTree::Expr(e.clone()))];
                    let mut idx = 0;
                    self.fill_aggregate(ty, off, &elems, &mut idx, false, init, len);
                    return;
                }
                self.diags.error(e.span, "invalid initializer");
            }
            InitTree::List(elems, sp) => {
                if self.types.is_scalar(ty) {
                    match elems.first() {
                        None => {
                            let z = Expr {
                                kind: ExprKind::Int(0),
                                ty: Types::INT,
                                span: *sp,
                            };
                            let z = self.assign_convert(ty, z, "initialization");
                            init.items.push(InitItem {
                                offset: off,
                                ty,
                                bits: None,
                                expr: z,
                            });
                        }
                        Some((_, n)) => {
                            let mut l = 0;
                            self.fill(ty, off, n, init, &mut l, false);
                            if elems.len() > 1 {
                                self.diags
                                    .warning(*sp, "excess elements in scalar initializer");
                            }
                        }
                    }
                    if top {
                        *len = 1;
                    }
                    return;
                }
                // char array from a braced string
                if elems.len() == 1 && elems[0].0.is_empty() {
                    if let InitTree::Expr(e) = &elems[0].1 {
                        if let Some(b) = Self::str_of(e).filter(|_| self.is_string_init(ty, e)) {
                            self.string_init(ty, off, b, e.span, init, len);
                            return;
                        }
                    }
                }
                let mut idx = 0;
                let mut l = 0;
                self.fill_aggregate(ty, off, elems, &mut idx, true, init, &mut l);
                if top {
                    *len = l;
                }
            }
        }
    }

    fn string_init(
        &mut self,
        ty: TypeId,
        off: u64,
        b: &[u8],
        span: Span,
        init: &mut Init,
        len: &mut u64,
    ) {
        let TypeKind::Array(elem, n) = self.types.kind(ty).clone() else {
            return;
        };
        let esize = self.types.size(elem).unwrap_or(1).max(1);
        let units = b.len() as u64 / esize;
        let n = match n {
            Some(n) => {
                if units - 1 > n {
                    let en = self.ty_name(elem);
                    self.diags.warning(
                        span,
                        format!("initializer-string for array of '{en}' is too long"),
                    );
                }
                n
            }
            None => units,
        };
        let take = (b.len() as u64).min(n * esize) as usize;
        init.strings.push((off, b[..take].to_vec()));
        init.zero = true;
        *len = n;
    }

    /// The initializable members of an aggregate: (type, offset, bits).
    fn members(&self, ty: TypeId) -> Vec<InitMember> {
        match self.types.record(ty) {
            Some(r) => r
                .fields
                .iter()
                .filter(|f| !(f.name.is_none() && f.bits.is_some()))
                .map(|f| (f.ty, f.offset, f.bits, f.name))
                .collect(),
            None => vec![],
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn fill_aggregate(
        &mut self,
        ty: TypeId,
        off: u64,
        elems: &[(Vec<Desig>, InitTree)],
        idx: &mut usize,
        braced: bool,
        init: &mut Init,
        len: &mut u64,
    ) {
        let is_array = self.types.is_array(ty);
        let (elem_ty, alen) = match self.types.kind(ty) {
            TypeKind::Array(e, n) => (*e, *n),
            _ => (Types::INT, None),
        };
        let esize = self.types.size(elem_ty).unwrap_or(1);
        let members = if is_array { vec![] } else { self.members(ty) };
        let is_union = self.types.record(ty).is_some_and(|r| r.is_union);
        let mut cursor: u64 = 0;
        let mut first = true;
        while *idx < elems.len() {
            let (desig, node) = &elems[*idx];
            if !desig.is_empty() {
                if !braced {
                    return;
                }
                // apply the first designator
                match &desig[0] {
                    Desig::Index(lo, hi, sp) => {
                        if !is_array {
                            self.diags
                                .error(*sp, "array index in non-array initializer");
                            *idx += 1;
                            continue;
                        }
                        if *lo < 0 || alen.is_some_and(|n| *hi as u64 >= n) || hi < lo {
                            self.diags
                                .error(*sp, "array index in initializer exceeds array bounds");
                            *idx += 1;
                            continue;
                        }
                        for i in *lo..=*hi {
                            self.fill_designated(
                                elem_ty,
                                off + i as u64 * esize,
                                &desig[1..],
                                node,
                                init,
                            );
                        }
                        cursor = *hi as u64 + 1;
                        *len = (*len).max(cursor);
                        *idx += 1;
                        continue;
                    }
                    Desig::Field(name, sp) => {
                        if is_array {
                            self.diags
                                .error(*sp, "field name not in record or union initializer");
                            *idx += 1;
                            continue;
                        }
                        let pos = members.iter().position(|m| m.3 == Some(*name));
                        match pos {
                            Some(p) => {
                                let (mty, moff, bits, _) = members[p];
                                if self.flexible_member_init(ty, off, (mty, moff), node, init) {
                                    *idx += 1;
                                    continue;
                                }
                                if let Some(b) = bits {
                                    self.fill_bits(mty, off + moff, b, node, init);
                                } else {
                                    self.fill_designated(mty, off + moff, &desig[1..], node, init);
                                }
                                cursor = p as u64 + 1;
                                *idx += 1;
                                first = false;
                                continue;
                            }
                            None => {
                                // inside an anonymous member?
                                let anon = members.iter().position(|m| {
                                    m.3.is_none() && self.types.find_field(m.0, *name).is_some()
                                });
                                if let Some(p) = anon {
                                    let (mty, moff, _, _) = members[p];
                                    // re-apply the whole designator list to the anonymous member
                                    let sub = [(
                                        desig.iter().map(clone_desig).collect::<Vec<_>>(),
                                        clone_tree(node),
                                    )];
                                    let mut j = 0;
                                    let mut l = 0;
                                    self.fill_aggregate(
                                        mty,
                                        off + moff,
                                        &sub,
                                        &mut j,
                                        true,
                                        init,
                                        &mut l,
                                    );
                                    cursor = p as u64 + 1;
                                    *idx += 1;
                                    continue;
                                }
                                let tn = self.ty_name(ty);
                                let n = self.name(*name);
                                self.diags
                                    .error(*sp, format!("'{tn}' has no member named '{n}'"));
                                *idx += 1;
                                continue;
                            }
                        }
                    }
                }
            }
            // positional
            let full = if is_array {
                alen.is_some_and(|n| cursor >= n)
            } else {
                cursor as usize >= members.len() || (is_union && !first)
            };
            if full {
                if braced {
                    let sp = node_span(node);
                    let what = if is_array {
                        "array"
                    } else if is_union {
                        "union"
                    } else {
                        "struct"
                    };
                    self.diags
                        .warning(sp, format!("excess elements in {what} initializer"));
                    *idx += 1;
                    continue;
                }
                return;
            }
            first = false;
            let (mty, moff, bits) = if is_array {
                (elem_ty, cursor * esize, None)
            } else {
                let m = members[cursor as usize];
                (m.0, m.1, m.2)
            };
            if !is_array && self.flexible_member_init(ty, off, (mty, moff), node, init) {
                *idx += 1;
                cursor += 1;
                continue;
            }
            if let Some(b) = bits {
                self.fill_bits(mty, off + moff, b, node, init);
                *idx += 1;
            } else {
                match node {
                    InitTree::Expr(e) => {
                        let agg = self.types.is_array(mty)
                            || (self.types.is_record(mty) && !self.types.is_complex(mty));
                        let direct = self.is_string_init(mty, e)
                            || (self.types.is_record(mty) && e.ty == mty);
                        if agg && !direct {
                            let mut l = 0;
                            self.fill_aggregate(mty, off + moff, elems, idx, false, init, &mut l);
                        } else {
                            let mut l = 0;
                            self.fill(mty, off + moff, node, init, &mut l, false);
                            *idx += 1;
                        }
                    }
                    InitTree::List(..) => {
                        let mut l = 0;
                        self.fill(mty, off + moff, node, init, &mut l, false);
                        *idx += 1;
                    }
                }
            }
            cursor += 1;
            *len = (*len).max(cursor);
        }
    }

    /// Whether `node` initialises the flexible array member `(mty, moff)`
    /// of the record `ty` at `off` with data; if so, fills it (gcc's
    /// extension: for the outermost record of an object of static storage,
    /// or a string for a record at the start of such a union, the object grows to hold
    /// the data, its type and `sizeof` do not change) or reports the error
    /// (an automatic object, or a record inside another object). An empty
    /// `{}` is no data.
    fn flexible_member_init(
        &mut self,
        ty: TypeId,
        off: u64,
        (mty, moff): (TypeId, u64),
        node: &InitTree,
        init: &mut Init,
    ) -> bool {
        if !matches!(self.types.kind(mty), TypeKind::Array(_, None)) {
            return false;
        }
        if matches!(node, InitTree::List(v, _) if v.is_empty()) {
            return false;
        }
        let top_union = self
            .flex_init_top
            .and_then(|t| self.types.record(t))
            .is_some_and(|r| r.is_union);
        // in a union, only a string literal (no brace level of its own, as gcc)
        let string = matches!(node, InitTree::Expr(_));
        if off == 0 && (self.flex_init_top == Some(ty) || (top_union && string)) {
            let mut len = 0;
            self.fill(mty, off + moff, node, init, &mut len, true);
            return true;
        }
        let what = if self.flex_init_top.is_some() {
            "initialization of a flexible array member inside another object"
        } else {
            "non-static initialization of a flexible array member"
        };
        self.diags.error(node_span(node), what);
        true
    }

    fn fill_designated(
        &mut self,
        ty: TypeId,
        off: u64,
        rest: &[Desig],
        node: &InitTree,
        init: &mut Init,
    ) {
        if rest.is_empty() {
            let agg =
                self.types.is_array(ty) || (self.types.is_record(ty) && !self.types.is_complex(ty));
            if let (true, InitTree::Expr(e)) = (agg, node) {
                let direct = self.is_string_init(ty, e) || (self.types.is_record(ty) && e.ty == ty);
                if !direct {
                    let elems = [(Vec::new(), clone_tree(node))];
                    let mut j = 0;
                    let mut l = 0;
                    self.fill_aggregate(ty, off, &elems, &mut j, false, init, &mut l);
                    return;
                }
            }
            let mut l = 0;
            self.fill(ty, off, node, init, &mut l, false);
            return;
        }
        let sub = [(
            rest.iter().map(clone_desig).collect::<Vec<_>>(),
            clone_tree(node),
        )];
        let mut j = 0;
        let mut l = 0;
        self.fill_aggregate(ty, off, &sub, &mut j, true, init, &mut l);
    }

    fn fill_bits(
        &mut self,
        ty: TypeId,
        off: u64,
        bits: BitField,
        node: &InitTree,
        init: &mut Init,
    ) {
        let e = match node {
            InitTree::Expr(e) => e.clone(),
            InitTree::List(v, sp) => match v.first() {
                Some((_, InitTree::Expr(e))) => e.clone(),
                _ => Expr {
                    kind: ExprKind::Int(0),
                    ty: Types::INT,
                    span: *sp,
                },
            },
        };
        let e = self.assign_convert(ty, e, "initialization");
        init.items.push(InitItem {
            offset: off,
            ty,
            bits: Some(bits),
            expr: e,
        });
    }
}

fn node_span(n: &InitTree) -> Span {
    match n {
        InitTree::Expr(e) => e.span,
        InitTree::List(_, s) => *s,
    }
}

fn clone_desig(d: &Desig) -> Desig {
    match d {
        Desig::Field(s, sp) => Desig::Field(*s, *sp),
        Desig::Index(a, b, sp) => Desig::Index(*a, *b, *sp),
    }
}

fn clone_tree(t: &InitTree) -> InitTree {
    match t {
        InitTree::Expr(e) => InitTree::Expr(e.clone()),
        InitTree::List(v, sp) => InitTree::List(
            v.iter()
                .map(|(d, n)| (d.iter().map(clone_desig).collect(), clone_tree(n)))
                .collect(),
            *sp,
        ),
    }
}
