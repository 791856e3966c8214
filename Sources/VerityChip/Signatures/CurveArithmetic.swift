/// Points in Jacobian coordinates (X/Z², Y/Z³) for any `a`: brainpool's r1
/// curves do not have a = −3, so the general formulas are used throughout.
extension EllipticCurve {
    struct JacobianPoint: Sendable {
        var x: MontgomeryField.Element
        var y: MontgomeryField.Element
        var z: MontgomeryField.Element
    }

    func jacobian(_ point: AffinePoint) -> JacobianPoint {
        JacobianPoint(x: point.x, y: point.y, z: field.one)
    }

    var infinity: JacobianPoint { JacobianPoint(x: field.one, y: field.one, z: field.zero) }

    func isInfinity(_ point: JacobianPoint) -> Bool { field.isZero(point.z) }

    func double(_ point: JacobianPoint) -> JacobianPoint {
        guard !isInfinity(point), !field.isZero(point.y) else { return infinity }
        let f = field
        let xx = f.square(point.x)
        let yy = f.square(point.y)
        let yyyy = f.square(yy)
        let zz = f.square(point.z)
        // S = 4·X·Y², M = 3·X² + a·Z⁴
        let xyy = f.multiply(point.x, yy)
        let twoXYY = f.add(xyy, xyy)
        let s = f.add(twoXYY, twoXYY)
        let m = f.add(f.add(f.add(xx, xx), xx), f.multiply(a, f.square(zz)))
        let x3 = f.subtract(f.square(m), f.add(s, s))
        var eightY4 = f.add(yyyy, yyyy)
        eightY4 = f.add(eightY4, eightY4)
        eightY4 = f.add(eightY4, eightY4)
        let y3 = f.subtract(f.multiply(m, f.subtract(s, x3)), eightY4)
        let yz = f.multiply(point.y, point.z)
        return JacobianPoint(x: x3, y: y3, z: f.add(yz, yz))
    }

    func add(_ p: JacobianPoint, _ q: JacobianPoint) -> JacobianPoint {
        if isInfinity(p) { return q }
        if isInfinity(q) { return p }
        let f = field
        let z1z1 = f.square(p.z)
        let z2z2 = f.square(q.z)
        let u1 = f.multiply(p.x, z2z2)
        let u2 = f.multiply(q.x, z1z1)
        let s1 = f.multiply(p.y, f.multiply(q.z, z2z2))
        let s2 = f.multiply(q.y, f.multiply(p.z, z1z1))
        let h = f.subtract(u2, u1)
        let r = f.subtract(s2, s1)
        if f.isZero(h) {
            return f.isZero(r) ? double(p) : infinity
        }
        let hh = f.square(h)
        let hhh = f.multiply(h, hh)
        let v = f.multiply(u1, hh)
        let x3 = f.subtract(f.subtract(f.square(r), hhh), f.add(v, v))
        let y3 = f.subtract(f.multiply(r, f.subtract(v, x3)), f.multiply(s1, hhh))
        let z3 = f.multiply(h, f.multiply(p.z, q.z))
        return JacobianPoint(x: x3, y: y3, z: z3)
    }

    /// u1·G + u2·Q in one pass (Shamir's trick), as ECDSA verification needs.
    func combination(_ u1: BigUnsigned, _ u2: BigUnsigned, _ q: AffinePoint) -> JacobianPoint {
        let g = jacobian(generator)
        let qj = jacobian(q)
        let both = add(g, qj)
        var result = infinity
        for index in (0..<max(u1.bitWidth, u2.bitWidth)).reversed() {
            result = double(result)
            switch (u1.bit(index), u2.bit(index)) {
            case (true, true): result = add(result, both)
            case (true, false): result = add(result, g)
            case (false, true): result = add(result, qj)
            case (false, false): break
            }
        }
        return result
    }

    /// The affine x of a point that is not at infinity, out of Montgomery form.
    func affineX(_ point: JacobianPoint) -> BigUnsigned {
        let zInverse = field.inverse(point.z)
        return field.leave(field.multiply(point.x, field.square(zInverse)))
    }
}
